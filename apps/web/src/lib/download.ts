import { apiRequest } from "./api";

/** Fetches a file from the API (signed in as every request is) and hands it to the browser as a download. */
export async function downloadFromApi(path: string, fileName: string): Promise<void> {
  const response = await apiRequest("GET", path);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
