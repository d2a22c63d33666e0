import { apiRequest } from "./api";

/** Hands a file's bytes to the browser as a download named `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Fetches a file from the API (signed in as every request is) and hands it to the browser as a download. */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const response = await apiRequest("GET", path);
  saveFile(await response.blob(), fileName);
}
