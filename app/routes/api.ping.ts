// The cheapest route through the whole stack (Worker → Remix → response): the benchmark floor.
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain" } });
}
