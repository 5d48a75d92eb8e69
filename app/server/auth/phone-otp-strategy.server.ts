// remix-auth strategy for the user sign-in: reads {phoneNumber, verificationCode} from a JSON body or
// a form, validates it with the shared schema and hands it to the verify callback, which checks the
// code. Failures are thrown as AuthFailure (remix-auth strategies return a user or throw).
import { Strategy } from "remix-auth/strategy";
import { verifySmsSchema, type PhoneFormVariant } from "../../lib/schemas/auth";
import { TEXTS } from "../../lib/texts";
import { AuthFailure } from "./errors.server";
import { requestInfo, type RequestInfo } from "./request-info.server";

export interface PhoneOtpVerifyParams {
  phone: string;
  code: string;
  info: RequestInfo;
  request: Request;
}

/**
 * The fields of a JSON object or form body; {} for anything else (another type, malformed JSON, an
 * array, a multipart body without its boundary, invalid UTF-8), so the caller's schema answers with
 * its field errors. Never throws: a body is the client's input, not a server fault.
 */
export async function readPayload(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries(await request.formData());
    }
  } catch {
    return {};
  }
  return {};
}

export class PhoneOtpStrategy<User> extends Strategy<User, PhoneOtpVerifyParams> {
  name = "phone-otp";

  constructor(
    verify: Strategy.VerifyFunction<User, PhoneOtpVerifyParams>,
    private readonly options: { variant?: PhoneFormVariant } = {},
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const parsed = verifySmsSchema(this.options.variant ?? "dialog").safeParse(await readPayload(request));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      const phoneIssue = issues.some((issue) => issue.path === "phoneNumber");
      const title = phoneIssue
        ? this.options.variant === "login"
          ? TEXTS.auth.invalidPhoneLogin.title
          : TEXTS.auth.invalidPhoneDialog.title
        : TEXTS.auth.invalidCode.title;
      throw new AuthFailure({
        code: phoneIssue ? "invalid_phone" : "invalid_code",
        status: 400,
        message: issues[0]?.message ?? TEXTS.auth.invalidCode.message,
        title,
        issues,
      });
    }
    return this.verify({
      phone: parsed.data.phoneNumber,
      code: parsed.data.verificationCode,
      info: requestInfo(request),
      request,
    });
  }
}
