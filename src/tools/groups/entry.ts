import type { ToolEntry, ToolMeta } from '../types'

/**
 * A registry entry: the tool's meta, and lazy imports of its own folder's `index.ts` and
 * `examples.ts` (the folder is the tool's id). The paths keep one variable part, so Vite splits
 * every tool and its examples into chunks of their own (as it did for literal paths), and Node
 * (scripts, Playwright) imports them as written. `registry.test.ts` holds each loader to the
 * tool's own module.
 */
export function entry(meta: ToolMeta): ToolEntry {
  return {
    meta,
    load: () => import(`../${meta.id}/index.ts`),
    examples: () => import(`../${meta.id}/examples.ts`),
  }
}
