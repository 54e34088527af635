/// <reference lib="webworker" />
/**
 * Reads QR codes from camera frames and image files, off the main thread, with zxing-wasm
 * (ZXing C++ compiled to WebAssembly). Chosen over jsQR by measurement: on 640×480 frames of
 * a 520-character UR code, zxing-wasm read every clean and moderately noisy frame in ~10–40 ms;
 * jsQR took ~90–700 ms per frame and read none of the blurred noisy ones (zxing-wasm read a
 * few). The .wasm is this build's own asset, never the library's default CDN URL (the CSP
 * forbids other hosts anyway).
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import * as Outcome from '../core/Outcome'
import type { QrProtocol } from './protocol'
import { serve } from './serve'

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path),
  },
})

declare const self: DedicatedWorkerGlobalScope

serve<QrProtocol>(self, {
  async request({ image }) {
    const input = image.kind === 'file' ? image.blob : ({ data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData)
    const found = await readBarcodes(input, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 4 })
    return Outcome.ok(found.filter((r) => r.isValid && r.text).map((r) => r.text))
  },
})
