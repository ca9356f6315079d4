import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

/** The setup's `otpauth://` address as a QR code, drawn in the browser (the secret never leaves it as a picture). */
export function QrCode({ value }: { value: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) QRCode.toCanvas(canvas.current, value, { width: 200, margin: 2 }).catch((error: unknown) => console.error('QR code', error));
  }, [value]);
  return <canvas ref={canvas} role="img" aria-label="QR code for your authenticator app" className="rounded border border-base-300 bg-white" />;
}
