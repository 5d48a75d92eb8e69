// conform's submission parsing with a zod (mini) schema. We don't use @conform-to/zod here: its
// coercion layer imports the full zod build, which alone would add ~17 KB gzip to every page with a
// form (docs/benchmarks.md). Form values arrive as strings; schemas coerce what they need.
import { parse, type Submission, type SubmissionResult } from "@conform-to/react";
import type { ZodMiniType, infer as Infer } from "zod/mini";

function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return name ? `${name}.${String(key)}` : String(key);
  }, "");
}

export function parseWithZod<Schema extends ZodMiniType>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
): Submission<Infer<Schema>, string[]> {
  return parse(payload, {
    resolve(value) {
      const result = options.schema.safeParse(value);
      if (result.success) return { value: result.data as Infer<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

/** The reply to a body that is not a readable form: one form-level error, no field touched. */
export function unreadableFormReply(message: string): SubmissionResult<string[]> {
  return parse(new FormData(), { resolve: () => ({ error: { "": [message] } }) }).reply();
}
