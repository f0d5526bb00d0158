/** Links into the map: a pole's record (with one of its photos shown), or a photo's pole. */
export const poleLink = (poleId: string, photoId?: string | null) =>
  `/map?pole=${encodeURIComponent(poleId)}${photoId ? `&photo=${encodeURIComponent(photoId)}` : ""}`;

/** A photo whose pole is not known here: the map finds its pole and opens that with the photo. */
export const photoLink = (photoId: string) => `/map?photo=${encodeURIComponent(photoId)}`;
