/**
 * The `qrcode` package's encoder alone, without the PNG and SVG renderers its main entry
 * loads (about 5 MB of resident memory against 0.4 MB). Its `create` is the one the main
 * entry re-exports, which `@types/qrcode` types.
 */
declare module "qrcode/lib/core/qrcode.js" {
  export { create } from "qrcode";
}
