import { useEffect, useState } from "react";

/** Pixels of the PNG: sharp when printed or shown large; the dialog shows it smaller. */
const QR_SIZE = 512;

export type QrCodeState = { status: "loading" } | { status: "ready"; dataUrl: string } | { status: "error" };

/**
 * A QR code of `text` as a PNG data URL, made in the browser. The `qrcode` library is loaded only
 * when a code is first asked for, so it stays out of the first-load bundle.
 */
export function useQrCode(text: string): QrCodeState {
  const [state, setState] = useState<QrCodeState>({ status: "loading" });

  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    import("qrcode")
      .then((qrcode) => qrcode.toDataURL(text, { width: QR_SIZE, margin: 2, errorCorrectionLevel: "M", color: { dark: "#0b0c12", light: "#ffffff" } }))
      .then(
        (dataUrl) => current && setState({ status: "ready", dataUrl }),
        () => current && setState({ status: "error" }),
      );
    return () => {
      current = false;
    };
  }, [text]);

  return state;
}
