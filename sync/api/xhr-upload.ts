/**
 * Uploads with progress. fetch can only report upload progress with a
 * streaming body, which Chromium sends over HTTP/2 only (over HTTP/1.1 it
 * fails with ERR_ALPN_NEGOTIATION_FAILED), so multipart uploads that want
 * progress go through XMLHttpRequest and come back as a standard Response.
 */
export class XhrNetworkError extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'timeout' : 'network');
  }
}

export type XhrSend = typeof xhrSend;

export function xhrSend(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: FormData,
  onProgress: (percent: number) => void,
  timeoutMs: number,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'blob';
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const responseHeaders = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) responseHeaders.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, headers: responseHeaders }));
    };
    xhr.onerror = () => reject(new XhrNetworkError(false));
    xhr.ontimeout = () => reject(new XhrNetworkError(true));
    xhr.send(body);
  });
}
