// Judges a PDF by its structure, not by a byte search: a small tokenizer reads the objects (names with
// their #xx escapes decoded, hex and literal strings decoded), inflates Flate/ASCIIHex streams (object
// streams included) and reads what they hold the same way. A bill never needs scripts, actions that
// leave the document, forms that submit, multimedia or attached files, so any of them refuses the file.
// Undecodable data is read as far as it decodes, as viewers do; a PDF that is encrypted (its object
// streams cannot be read) or that inflates past a budget (a decompression bomb) is refused too.

/** `encrypted`: refused because it is encrypted (usually locked with a password), not for what it holds. */
export type PdfInspection = { ok: true } | { ok: false; detail: string; encrypted?: true };

/** Keys that only exist to carry active content or attachments. */
// (/EF is a file specification's embedded stream; /Encrypt hides the object streams from this check.)
const FORBIDDEN_KEYS = new Set(["JS", "JavaScript", "AA", "RichMedia", "XFA", "EF", "EmbeddedFile", "EmbeddedFiles", "Launch", "Encrypt"]);
/** Action (/S) and object (/Type, /Subtype) kinds that run code, leave the document or attach files. */
const FORBIDDEN_KINDS = new Set([
  "JavaScript",
  "Launch",
  "URI",
  "SubmitForm",
  "ImportData",
  "GoToE",
  "RichMedia",
  "EmbeddedFile",
  "FileAttachment",
]);
const KIND_KEYS = new Set(["S", "Type", "Subtype"]);

/** Other formats that must not hide in a decoded string or stream (compared in lower case). */
const FOREIGN_MARKERS = ["<html", "<script", "<svg", "<iframe", "this program cannot be run in dos mode"];

const MAX_DECODED_BYTES = 64 * 1024 * 1024;
const MAX_NESTING = 4;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

class Refused extends Error {
  constructor(
    message: string,
    readonly encrypted = false,
  ) {
    super(message);
  }
}

type Value = { kind: "name"; name: string } | { kind: "dict"; entries: Map<string, Value> } | { kind: "array"; names: string[] } | { kind: "other" };

interface Frame {
  entries: Map<string, Value>;
  key: string | null;
}

const hexValue = (b: number) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1);
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

function decodeName(raw: Uint8Array): string {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const high = raw[i] === 0x23 && i + 2 < raw.length ? hexValue(raw[i + 1]!) : -1;
    const low = high >= 0 ? hexValue(raw[i + 2]!) : -1;
    if (high >= 0 && low >= 0) {
      out.push(high * 16 + low);
      i += 2;
    } else out.push(raw[i]!);
  }
  return latin1(Uint8Array.from(out));
}

function decodeHex(text: Uint8Array): Uint8Array {
  const digits = Array.from(text)
    .map(hexValue)
    .filter((d) => d >= 0);
  if (digits.length % 2) digits.push(0);
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = digits[2 * i]! * 16 + digits[2 * i + 1]!;
  return out;
}

const ESCAPES: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

/** A literal string from just after its '(' : the decoded bytes and the offset after its ')'. */
function literalString(data: Uint8Array, start: number): { bytes: Uint8Array; end: number } {
  const out: number[] = [];
  let depth = 1;
  let i = start;
  while (i < data.length) {
    const b = data[i]!;
    if (b === 0x5c) {
      const next = data[i + 1];
      if (next === undefined) break;
      if (next >= 0x30 && next <= 0x37) {
        let value = 0;
        let n = 0;
        while (n < 3 && data[i + 1 + n]! >= 0x30 && data[i + 1 + n]! <= 0x37) value = value * 8 + data[i + 1 + n++]! - 0x30;
        out.push(value & 0xff);
        i += 1 + n;
        continue;
      }
      if (next === 0x0d || next === 0x0a) {
        i += next === 0x0d && data[i + 2] === 0x0a ? 3 : 2;
        continue;
      }
      out.push(ESCAPES[next] ?? next);
      i += 2;
      continue;
    }
    if (b === 0x28) depth++;
    if (b === 0x29 && --depth === 0) return { bytes: Uint8Array.from(out), end: i + 1 };
    out.push(b);
    i++;
  }
  return { bytes: Uint8Array.from(out), end: data.length };
}

function indexOfText(data: Uint8Array, text: string, from: number, caseInsensitive = false): number {
  const fold = (b: number) => (caseInsensitive && b >= 0x41 && b <= 0x5a ? b + 32 : b);
  outer: for (let i = from; i <= data.length - text.length; i++) {
    for (let j = 0; j < text.length; j++) if (fold(data[i + j]!) !== text.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

function checkForeign(bytes: Uint8Array, where: string): void {
  const marker = FOREIGN_MARKERS.find((m) => indexOfText(bytes, m, 0, true) >= 0);
  if (marker) throw new Refused(`${marker} inside ${where}`);
}

/** Inflates as far as the data allows (viewers show what decodes), within the remaining budget. */
async function inflate(bytes: Uint8Array, budget: { left: number }): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Streams without the zlib header are raw deflate.
  const zlibHeader = bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;
  const format: CompressionFormat = zlibHeader ? "deflate" : "deflate-raw";
  const inflater = new DecompressionStream(format);
  // Written beside the reads and always awaited: a corrupt stream or a refusal fails the write too,
  // and no write may be left pending once this returns (it would outlive the request it belongs to).
  const writer = inflater.writable.getWriter();
  const writing = (async () => {
    await writer.write(bytes as Uint8Array<ArrayBuffer>);
    await writer.close();
  })().catch(() => undefined);
  const reader = inflater.readable.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      budget.left -= value.byteLength;
      if (budget.left < 0) throw new Refused("decompresses past the inspection budget");
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Refused) {
      await reader.cancel().catch(() => undefined);
      await writing;
      throw error;
    }
    // A corrupt stream: what inflated before the fault is what viewers show, and is judged.
  }
  await writing;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function filtersOf(dict: Map<string, Value> | null): string[] {
  const filter = dict?.get("Filter");
  if (!filter) return [];
  if (filter.kind === "name") return [filter.name];
  if (filter.kind === "array") return filter.names;
  return ["unknown"];
}

async function decodeStream(raw: Uint8Array, filters: string[], budget: { left: number }): Promise<Uint8Array | null> {
  let data = raw;
  for (const filter of filters) {
    if (filter === "FlateDecode" || filter === "Fl") data = await inflate(data, budget);
    else if (filter === "ASCIIHexDecode" || filter === "AHx") {
      const end = data.indexOf(0x3e);
      data = decodeHex(end >= 0 ? data.subarray(0, end) : data);
    } else return null; // image codecs and the like carry no objects
  }
  return data;
}

function checkDict(entries: Map<string, Value>): void {
  for (const [key, value] of entries) {
    if (FORBIDDEN_KEYS.has(key)) throw new Refused(`/${key}`, key === "Encrypt");
    if (KIND_KEYS.has(key) && value.kind === "name" && FORBIDDEN_KINDS.has(value.name)) throw new Refused(`/${key} /${value.name}`);
    // A destination array only turns the page; an action (inline or referenced) does more.
    if (key === "OpenAction" && value.kind !== "array") throw new Refused("/OpenAction with an action");
  }
}

async function scan(data: Uint8Array, depth: number, budget: { left: number }): Promise<void> {
  if (depth > MAX_NESTING) throw new Refused("streams nested too deeply");
  const stack: Frame[] = [];
  let array: string[] | null = null;
  let arrayDepth = 0;
  let lastDict: Map<string, Value> | null = null;

  const setValue = (value: Value) => {
    const frame = stack[stack.length - 1];
    if (!frame) return;
    if (frame.key === null) {
      if (value.kind === "name") frame.key = value.name;
      return;
    }
    frame.entries.set(frame.key, value);
    frame.key = null;
  };

  let i = 0;
  while (i < data.length) {
    const b = data[i]!;
    if (WHITESPACE.has(b)) {
      i++;
    } else if (b === 0x25) {
      const start = i;
      while (i < data.length && data[i] !== 0x0a && data[i] !== 0x0d) i++;
      // A polyglot hides its other format in a comment (after %%EOF, say): viewers skip it, sniffers do not.
      checkForeign(data.subarray(start, i), "a comment");
    } else if (b === 0x2f) {
      let end = i + 1;
      while (end < data.length && !WHITESPACE.has(data[end]!) && !DELIMITERS.has(data[end]!)) end++;
      const name = decodeName(data.subarray(i + 1, end));
      i = end;
      if (array) array.push(name);
      else setValue({ kind: "name", name });
    } else if (b === 0x28) {
      const { bytes, end } = literalString(data, i + 1);
      checkForeign(bytes, "a string");
      i = end;
      if (!array) setValue({ kind: "other" });
    } else if (b === 0x3c && data[i + 1] === 0x3c) {
      stack.push({ entries: new Map(), key: null });
      i += 2;
    } else if (b === 0x3e && data[i + 1] === 0x3e) {
      const frame = stack.pop();
      i += 2;
      if (frame) {
        checkDict(frame.entries);
        lastDict = frame.entries;
        if (!array) setValue({ kind: "dict", entries: frame.entries });
      }
    } else if (b === 0x3c) {
      const end = data.indexOf(0x3e, i + 1);
      const stop = end < 0 ? data.length : end;
      checkForeign(decodeHex(data.subarray(i + 1, stop)), "a hex string");
      i = stop + 1;
      if (!array) setValue({ kind: "other" });
    } else if (b === 0x5b) {
      if (array) arrayDepth++;
      else {
        array = [];
        arrayDepth = 1;
      }
      i++;
    } else if (b === 0x5d) {
      i++;
      if (array && --arrayDepth === 0) {
        const names = array;
        array = null;
        setValue({ kind: "array", names });
      }
    } else if (DELIMITERS.has(b)) {
      i++;
    } else {
      let end = i + 1;
      while (end < data.length && !WHITESPACE.has(data[end]!) && !DELIMITERS.has(data[end]!)) end++;
      const word = latin1(data.subarray(i, end));
      i = end;
      if (word === "stream") {
        i = await readStream(data, i, lastDict, depth, budget);
        lastDict = null;
      } else if (!array && stack[stack.length - 1]?.key != null) {
        // The first token of a value (`12 0 R` is read from its first number).
        setValue({ kind: "other" });
      }
    }
  }
}

/** Reads the stream after the `stream` keyword at `start`; returns the offset after `endstream`. */
async function readStream(data: Uint8Array, start: number, dict: Map<string, Value> | null, depth: number, budget: { left: number }): Promise<number> {
  let begin = start;
  if (data[begin] === 0x0d) begin++;
  if (data[begin] === 0x0a) begin++;
  const end = indexOfText(data, "endstream", begin);
  let stop = end < 0 ? data.length : end;
  // The end-of-line before `endstream` is not part of the data.
  if (data[stop - 1] === 0x0a) stop--;
  if (data[stop - 1] === 0x0d) stop--;
  const subtype = dict?.get("Subtype");
  if (!(subtype?.kind === "name" && subtype.name === "Image")) {
    const decoded = await decodeStream(data.subarray(begin, stop), filtersOf(dict), budget);
    if (decoded) {
      checkForeign(decoded, "a stream");
      await scan(decoded, depth + 1, budget);
    }
  }
  return end < 0 ? data.length : end + "endstream".length;
}

/** Whether a PDF is free of active content and attachments (see the header for what counts). */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  try {
    await scan(bytes, 0, { left: MAX_DECODED_BYTES });
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, detail: `PDF with ${error.message}`, ...(error.encrypted ? { encrypted: true as const } : {}) };
    throw error;
  }
}
