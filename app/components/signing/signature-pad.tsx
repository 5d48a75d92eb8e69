// A drawn signature: pointer strokes on a canvas (mouse, pen or finger), handed to the form as a PNG
// data URL in a hidden input whenever a stroke ends.
import { useEffect, useRef, useState } from "react";
import { SIGNING_TEXTS } from "~/texts/signing";

export function SignaturePad({ name, invalid }: { name: string; invalid: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [value, setValue] = useState("");

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Crisp lines on high-density screens: draw in device pixels.
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.2;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#0d2a73";
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        className={`signature-canvas${invalid ? " invalid" : ""}`}
        aria-label={SIGNING_TEXTS.drawHint}
        role="img"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext("2d");
          const p = point(e);
          ctx?.beginPath();
          ctx?.moveTo(p.x, p.y);
          drawing.current = true;
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext("2d");
          const p = point(e);
          ctx?.lineTo(p.x, p.y);
          ctx?.stroke();
        }}
        onPointerUp={(e) => {
          drawing.current = false;
          setValue(e.currentTarget.toDataURL("image/png"));
        }}
      />
      <input type="hidden" name={name} value={value} />
      <div className="signature-actions">
        <span className="hint">{SIGNING_TEXTS.drawHint}</span>
        <button
          type="button"
          className="button secondary small"
          onClick={() => {
            const c = canvas.current;
            c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
            setValue("");
          }}
        >
          {SIGNING_TEXTS.clear}
        </button>
      </div>
    </div>
  );
}
