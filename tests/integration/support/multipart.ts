// A multipart/form-data body for the report upload: the files in the repeated field `files`, their names
// in the repeated text field `filenames` (as the SPA sends them).
export function multipart(files: { name: string; bytes: Buffer }[]) {
  const boundary = '----msas-test-boundary';
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filenames"\r\n\r\n${f.name}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
