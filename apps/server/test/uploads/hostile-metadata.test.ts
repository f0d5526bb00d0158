/**
 * The Upload-Metadata header of a resumable upload as a broken client or an attacker sends it:
 * not base64, keys without values or twice, NUL and lone surrogates, paths, control and direction
 * characters, 10,000 characters, absurd lastModified and timezoneOffset. Creation answers a 4xx
 * that says what is wrong, or takes the upload, which then becomes a photo with a name that can be
 * stored and shown, or the 4xx a plain upload would get; never a 500.
 */
import { imageResponseSchema, MAX_NAME_LENGTH } from "@poleatlas/shared";
import { makePhoto } from "@poleatlas/shared/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInUser, useTestApp } from "../helpers/setup";
import { patch, TUS } from "../helpers/tus";
import { keepPhotosAsSent } from "../helpers/uploads";

const t = useTestApp();
const user = useSignedInUser(t);
beforeAll(async () => {
  await keepPhotosAsSent(t, user.cookie);
});

const b64 = (s: string | Buffer) => Buffer.from(s).toString("base64");
const JPEG = `filetype ${b64("image/jpeg")}`;
const named = (name: string | Buffer) => `filename ${b64(name)},${JPEG}`;

const create = (metadata: string, length: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { ...TUS, cookie: user.cookie, "upload-length": String(length), "upload-metadata": metadata },
  });

/** The header as sent, and whether a photo may come of it (else creation must refuse it). */
const CASES: [string, string, "refused" | "either"][] = [
  ["empty", "", "refused"],
  ["a key without a value", "filename", "refused"],
  ["only the type", JPEG, "refused"],
  ["only the name", `filename ${b64("p.jpg")}`, "refused"],
  ["not base64", `filename !!!***,${JPEG}`, "either"],
  ["a key twice", `filename ${b64("a.jpg")},filename ${b64("b.jpg")},${JPEG}`, "either"],
  ["an empty name", `filename ,${JPEG}`, "refused"],
  ["spaces and commas", `filename  ${b64("a.jpg")} ,,, ${JPEG}`, "either"],
  ["a type in capitals", `filename ${b64("p.jpg")},filetype ${b64("IMAGE/JPEG")}`, "either"],
  ["a type with parameters", `filename ${b64("p.jpg")},filetype ${b64("image/jpeg; q=1")}`, "either"],
  ["a type that is no photo", `filename ${b64("p.html")},filetype ${b64("text/html")}`, "refused"],
  ["a NUL in the name", named("pole\u0000.jpg"), "either"],
  ["a lone surrogate's bytes", named(Buffer.from([0x70, 0xed, 0xa0, 0x80, 0x2e, 0x6a])), "either"],
  ["invalid UTF-8", named(Buffer.from([0xff, 0xfe, 0x2e, 0x6a, 0x70, 0x67])), "either"],
  ["a path", named("../../../etc/passwd.jpg"), "either"],
  ["a Windows path", named("C:\\Users\\crew\\DCIM\\pole.jpg"), "either"],
  ["control and direction characters", named("pole\u001b[31m\u202egpj.jpg\r\n"), "either"],
  ["10,000 characters", named(`${"p".repeat(10_000)}.jpg`), "either"],
  ["lastModified 1e999", `${named("p.jpg")},lastModified ${b64("1e999")}`, "refused"],
  ["lastModified NaN", `${named("p.jpg")},lastModified ${b64("NaN")}`, "refused"],
  ["lastModified past a Date", `${named("p.jpg")},lastModified ${b64("9".repeat(16))}`, "refused"],
  ["lastModified negative", `${named("p.jpg")},lastModified ${b64("-8640000000000000")}`, "either"],
  ["timezoneOffset 841", `${named("p.jpg")},timezoneOffset ${b64("841")}`, "refused"],
  ["timezoneOffset text", `${named("p.jpg")},timezoneOffset ${b64("UTC+2")}`, "refused"],
  ["a key with a NUL", `file\u0000name ${b64("p.jpg")},${JPEG}`, "either"],
  [
    "a thousand keys",
    [named("p.jpg"), ...Array.from({ length: 1000 }, (_, i) => `k${i} ${b64("v")}`)].join(","),
    "either",
  ],
];

describe("hostile Upload-Metadata", () => {
  it.each(CASES)("%s", async (_title, metadata, expected) => {
    const { bytes } = await makePhoto({});
    const res = await create(metadata, bytes.length);
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(res.json<{ message?: string }>().message, res.body).toBeTruthy();
      return;
    }
    expect(expected, "created an upload it should have refused").toBe("either");
    expect(res.statusCode).toBe(201);
    const url = String(res.headers.location);
    const sent = await patch(t, user.cookie, url, 0, bytes);
    expect(sent.statusCode, sent.body).toBe(204);
    const result = await t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
    expect(result.statusCode, result.body).toBeLessThan(500);
    if (result.statusCode === 200) {
      const { image } = imageResponseSchema.parse(result.json());
      expect(image.name.length).toBeGreaterThan(0);
      expect(image.name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      // A display name, never a path: slashes may stay, what breaks a line or a layout may not.
      // eslint-disable-next-line no-control-regex
      expect(image.name).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    }
  });
});
