/** Saves bytes under a name, as a link with `download` would: an object URL, clicked, then let go. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next turn; the URL would otherwise hold them until the page closes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hands text to the browser as a file to save. */
export function saveText(text: string, name: string, type: string): void {
  saveBlob(new Blob([text], { type }), name);
}
