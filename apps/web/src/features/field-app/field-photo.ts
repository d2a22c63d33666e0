import { FIELD_FILE_MAX_BYTES, FIELD_FILE_TYPES } from "@fieldops/shared/field-app";

/** The longest side a photo is kept at: a job's photo shows a fault or a finished job, not a print. */
const PHOTO_MAX_SIDE_PX = 1600;
const PHOTO_QUALITY = 0.8;

type FieldFileType = (typeof FIELD_FILE_TYPES)[number];
const isFieldFileType = (type: string): type is FieldFileType => (FIELD_FILE_TYPES as readonly string[]).includes(type);

/**
 * A photo as the device keeps and sends it: at most 1600 px on its longest side, JPEG at 0.8 (a phone's 12 MP photo
 * of 3–5 MB becomes about 300 KB: one request, little storage on the phone while it waits, little data on a weak
 * connection). On the page's own thread: the library's worker would load its script from a CDN, which an offline
 * phone cannot reach. A photo the browser cannot draw (an unsupported format) is kept as it is when the server takes
 * its type, else refused.
 */
export async function compressPhoto(file: File): Promise<{ blob: Blob; contentType: FieldFileType }> {
  try {
    const { default: imageCompression } = await import("browser-image-compression");
    const compressed = await imageCompression(file, {
      maxWidthOrHeight: PHOTO_MAX_SIDE_PX,
      initialQuality: PHOTO_QUALITY,
      fileType: "image/jpeg",
      useWebWorker: false,
    });
    return { blob: compressed, contentType: "image/jpeg" };
  } catch (error) {
    if (isFieldFileType(file.type) && file.size <= FIELD_FILE_MAX_BYTES) return { blob: file, contentType: file.type };
    throw error;
  }
}
