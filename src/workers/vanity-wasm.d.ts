// The search loops compiled from src/wasm/vanity by the vanity-wasm plugin in vite.config.ts.
declare module 'virtual:vanity-wasm/*' {
  /** URL of the .wasm file. */
  const url: string
  export default url
}
