import { readXmp } from "@poleatlas/shared/exif";
import { describe, expect, it } from "vitest";
import { keptXmp } from "./kept-xmp";

const JPEG_BASE64 =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/";

/** A packet as phones and editors write it: the kept properties among thumbnails and hidden images. */
const PACKET = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
  xmlns:ex="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
  xmlns:xmpGImg="http://ns.adobe.com/xap/1.0/g/img/" xmlns:GImage="http://ns.google.com/photos/1.0/image/"
  xmlns:GDepth="http://ns.google.com/photos/1.0/depthmap/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  ex:GPSLatitude="52,31.2345N" ex:GPSLongitude="13,24.2973E"
  ex:DateTimeOriginal="2021-05-06T23:30:05+02:00" ex:GPSImgDirection="2469/20"
  GImage:Mime="image/jpeg" GImage:Data="${JPEG_BASE64}" GDepth:Data="${JPEG_BASE64}"
  xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF">
<xmp:Thumbnails><rdf:Alt><rdf:li rdf:parseType="Resource">
  <xmpGImg:format>JPEG</xmpGImg:format><xmpGImg:image>${JPEG_BASE64}</xmpGImg:image>
</rdf:li></rdf:Alt></xmp:Thumbnails>
<dc:creator><rdf:Seq><rdf:li>Ann &amp; Bo</rdf:li><rdf:li>Field crew 7</rdf:li></rdf:Seq></dc:creator>
<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">© Utility &lt;North&gt;</rdf:li><rdf:li xml:lang="de">© Netz Nord</rdf:li></rdf:Alt></dc:rights>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;

describe("keptXmp", () => {
  it("keeps what PoleAtlas reads and authorship, and no image of any kind", () => {
    const kept = keptXmp(PACKET)!;
    expect(kept).not.toContain("/9j/");
    expect(kept).not.toMatch(/Thumbnails|GImage|GDepth|ExtendedXMP/);
    expect(readXmp(kept)).toEqual(readXmp(PACKET));
    expect(readXmp(kept).latitude).not.toBeNull();
    expect(kept).toContain('exif:GPSImgDirection="2469/20"');
    expect(kept).toContain("<rdf:Seq><rdf:li>Ann &#38; Bo</rdf:li><rdf:li>Field crew 7</rdf:li></rdf:Seq>");
    expect(kept).toContain('<rdf:li xml:lang="x-default">© Utility &#60;North&#62;</rdf:li>');
    expect(kept).toContain('<rdf:li xml:lang="de">© Netz Nord</rdf:li>');
  });

  it("is nothing for a packet with only thumbnails", () => {
    const thumbnailsOnly = PACKET.replace(/\s(ex|dc):[^\n]*/g, "").replace(/<dc:[\s\S]*?<\/dc:\w+>/g, "");
    expect(thumbnailsOnly).toContain(JPEG_BASE64);
    expect(keptXmp(thumbnailsOnly)).toBeNull();
  });

  it("keeps a creator written as a plain text", () => {
    const kept = keptXmp(`<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Ann"/>`);
    expect(kept).toContain("<dc:creator><rdf:Seq><rdf:li>Ann</rdf:li></rdf:Seq></dc:creator>");
  });
});
