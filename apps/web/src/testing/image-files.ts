/** The first bytes of a PNG file, as the pickers and the server check them. */
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A file that is a PNG by its bytes, `extraBytes` longer than its signature. */
export const pngFile = (name: string, extraBytes = 0) =>
  new File([PNG_SIGNATURE, new Uint8Array(extraBytes)], name, { type: 'image/png' });

/** Text named and typed as a PNG: an image only by its name. */
export const fakePngFile = (name: string) => new File(['not a picture'], name, { type: 'image/png' });
