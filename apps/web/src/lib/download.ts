/** Saves a response's body as a file named `fileName`, as a download link would. */
export async function saveResponseAs(response: Response, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
