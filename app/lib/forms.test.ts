import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "./forms";

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Obligatoriu")),
  rating: z._default(z.coerce.number().check(z.int(), z.minimum(1, "Minim 1")), 5),
  items: z.optional(z.array(z.object({ kwh: z.coerce.number().check(z.minimum(1, "Consum")) }))),
});

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
}

describe("parseWithZod", () => {
  it("gives the parsed value on success", () => {
    const submission = parseWithZod(form({ name: " Ana ", rating: "4" }), { schema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ name: "Ana", rating: 4 });
  });

  it("maps issues to conform field names, nested and indexed", () => {
    const submission = parseWithZod(form({ name: "", rating: "0", "items[0].kwh": "0" }), { schema });
    expect(submission.status).toBe("error");
    if (submission.status === "success") throw new Error("unreachable");
    expect(submission.error).toEqual({ name: ["Obligatoriu"], rating: ["Minim 1"], "items[0].kwh": ["Consum"] });
    expect(submission.reply().error).toEqual(submission.error);
  });
});
