export const MAX_FUNCTION_LINES: number
export const MAX_PAGE_LINES: number
export interface FunctionLength { name: string; line: number; lines: number }
export interface MeasuredFunction extends FunctionLength { id: string; file: string }
export interface PageFile { file: string; lines: number }
export function functionsIn(fileName: string, text: string): FunctionLength[]
export function measure(root?: string, limits?: { max?: number; maxPage?: number }): {
  functions: MeasuredFunction[]
  pages: PageFile[]
  longFunctions: MeasuredFunction[]
  longPages: PageFile[]
}
