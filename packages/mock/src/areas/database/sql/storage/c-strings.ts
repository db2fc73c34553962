// Reading a NUL-terminated C string out of SQLite's memory. The build's own reader (`cstrToJs`)
// finds the end byte by byte in JavaScript, code that runs cold once per namespace: a new
// namespace's first statement read its file names (the VFS's open, access and delete) and its
// authorizer's texts that way. Here the end is found natively (`indexOf`).

const DECODER = new TextDecoder();

/** The text of the C string at `pointer` in `heap` (the module's memory), UTF-8. */
export function cString(heap: Uint8Array, pointer: number): string {
  const end = heap.indexOf(0, pointer);
  return end === pointer ? '' : DECODER.decode(heap.subarray(pointer, end < 0 ? heap.length : end));
}
