/** Hands a generated file to the browser's (or Electron's) download flow; nothing is written by the page. */
export function saveFile(file: { fileName: string; mime: string; text: string }): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once started; free the blob after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
