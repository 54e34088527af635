export function pngIcon(size: number): Buffer
export const svgIcon: string
