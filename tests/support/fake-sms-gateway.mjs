// A local stand-in for the HTTP SMS gateway, served to workerd as the SMS_GATEWAY_FAKE service binding
// (a Node function behind miniflare's loopback, so requests cross a real process boundary). It checks
// what the real gateway would check and can be slow, failing or malformed on request.
// Scenario = first path segment: http://sms-gateway.test/{ok|slow|hang|status-NNN|html|no-id|numeric-id}/send
// GET /__messages?to=… lists what was accepted.
const TOKEN = "fake-gateway-token";
const accepted = [];
let counter = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function fakeSmsGateway(request) {
  const url = new URL(request.url);
  const [scenario, resource] = url.pathname.split("/").filter(Boolean);
  if (scenario === "__messages") {
    const to = url.searchParams.get("to");
    return Response.json(accepted.filter((m) => !to || m.to === to));
  }
  if (request.method !== "POST" || resource !== "send") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== `Bearer ${TOKEN}`) {
    return Response.json({ error: "unauthorized" }, { status: 401 });
  }
  let body;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return Response.json({ error: "body is not JSON" }, { status: 400 });
  }
  if (typeof body.to !== "string" || !/^\+\d{8,15}$/.test(body.to) || typeof body.text !== "string" || !body.text) {
    return Response.json({ error: "to and text are required" }, { status: 422 });
  }
  if (typeof body.from !== "string" || body.from.length === 0 || body.from.length > 11) {
    return Response.json({ error: "from must be 1-11 characters" }, { status: 422 });
  }
  const idempotencyKey = request.headers.get("idempotency-key");
  const record = () => {
    const id = `fake-${++counter}`;
    accepted.push({ id, to: body.to, from: body.from, text: body.text, idempotencyKey });
    return id;
  };

  const status = /^status-(\d{3})$/.exec(scenario ?? "");
  if (status) return new Response(`gateway says ${status[1]}`, { status: Number(status[1]) });
  switch (scenario) {
    case "ok":
      return Response.json({ id: record(), status: "queued" }, { status: 202 });
    case "slow":
      await sleep(Number(url.searchParams.get("ms") ?? "300"));
      return Response.json({ messageId: record() });
    case "hang":
      await sleep(5_000);
      return Response.json({ id: record() });
    case "html":
      return new Response("<html><body>Service temporarily unavailable</body></html>", {
        headers: { "content-type": "text/html" },
      });
    case "no-id":
      return Response.json({ status: "queued" });
    case "numeric-id":
      record();
      return Response.json({ message_id: 12345 });
    default:
      return new Response("unknown scenario", { status: 400 });
  }
}

export const FAKE_SMS_GATEWAY_TOKEN = TOKEN;
