import { invalidInput } from "../errors.ts";

/** The first bytes each accepted type starts with; a file whose bytes say otherwise is refused. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  "application/pdf": (b) => b.subarray(0, 5).toString("latin1") === "%PDF-",
  // Plain text: valid UTF-8 without NUL bytes.
  "text/plain": (b) => !b.includes(0) && Buffer.from(b.toString("utf8"), "utf8").equals(b),
};

/** Whether the bytes (a file's first ones will do) are of the declared type. */
export const isOfType = (contentType: string, bytes: Buffer): boolean => SIGNATURES[contentType]?.(bytes) ?? false;

/**
 * The bytes of an uploaded file (base64 in a JSON body), refused unless they are within `maxBytes` and really are of
 * the declared type, so that a stored file is never served as something else.
 */
export function decodeUpload(
  upload: { contentType: string; dataBase64: string },
  maxBytes: number,
  field: string,
): Buffer {
  const bytes = Buffer.from(upload.dataBase64, "base64");
  if (bytes.length === 0) throw invalidInput("The file is empty", field);
  if (bytes.length > maxBytes) throw invalidInput(`The file is larger than ${Math.round(maxBytes / 1024)} KB`, field);
  if (!isOfType(upload.contentType, bytes))
    throw invalidInput(`The file is not a valid ${upload.contentType} file`, field);
  return bytes;
}
