// Remix's default Cloudflare entry (document rendering) with a CSP nonce per page, plus one log line
// per error with the request id.
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { documentContentSecurityPolicy, newCspNonce } from "./server/http/security-headers.server";
import { appConfig } from "./server/config.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = newCspNonce();
  let clientLeft = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        // Errors while streaming the shell: logged, the status becomes 500. A client that went away
        // mid-stream (the page's stream cancelled, React aborting its render) is no failure of ours.
        if (clientLeft || request.signal.aborted) return;
        logError(loadContext.requestId, request, error);
        responseStatusCode = 500;
      },
    },
  );
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html");
  responseHeaders.set(
    "Content-Security-Policy",
    documentContentSecurityPolicy({ nonce, requestUrl: request.url, geocodeUrl: appConfig(loadContext.cloudflare.env).publicConfig.geocodeUrl }),
  );
  const page = noticingCancel(body, () => {
    clientLeft = true;
  });
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}

/** The same bytes, with a word before the stream is cancelled (the reader gone: a closed tab). */
function noticingCancel(body: ReadableStream<Uint8Array>, onCancel: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      onCancel();
      return reader.cancel(reason);
    },
  });
}

function logError(requestId: string | undefined, request: Request, error: unknown) {
  const where = `[${requestId ?? "-"}] ${request.method.slice(0, 16)} ${JSON.stringify(new URL(request.url).pathname.slice(0, 200))}`;
  // A refused request (no action for a POST, a thrown 4xx Response) is the client's mistake: one short line.
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`${where} → ${error.status} ${error.statusText}`);
    return;
  }
  console.error(`${where} failed:`, error instanceof Error ? (error.stack ?? error.message) : String(error));
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logError(context.requestId, request, error);
};
