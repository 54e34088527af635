import { registry } from '../tools/registry'
import type { ToolMeta } from '../tools/types'
import { CAPABILITIES } from '../tools/types'

/** Ranks tools for a query: title and id first, then keywords, capability and summary. */
export function searchTools(query: string, limit = 12): ToolMeta[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const scored: { meta: ToolMeta; score: number }[] = []
  for (const { meta } of registry) {
    if (!words.length) {
      scored.push({ meta, score: 0 })
      continue
    }
    const title = meta.title.toLowerCase()
    const cap = CAPABILITIES.find((c) => c.id === meta.capability)?.title.toLowerCase() ?? ''
    const keywords = meta.keywords.map((k) => k.toLowerCase())
    let score = 0
    let all = true
    for (const w of words) {
      let s = 0
      if (title.startsWith(w) || meta.id.startsWith(w)) s = 10
      else if (title.includes(w) || meta.id.includes(w)) s = 7
      else if (keywords.some((k) => k === w)) s = 6
      else if (keywords.some((k) => k.startsWith(w))) s = 4
      else if (keywords.some((k) => k.includes(w)) || cap.includes(w)) s = 3
      else if (meta.summary.toLowerCase().includes(w)) s = 1
      if (!s) all = false
      score += s
    }
    if (all) scored.push({ meta, score })
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, limit).map((s) => s.meta)
}
