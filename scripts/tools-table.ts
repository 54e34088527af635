/** Prints the README's tool table from the registry: `npx tsx scripts/tools-table.ts`. */
import { CAPABILITIES, registry } from '../src/tools/registry'

const lines = ['| Capability | Tool (route) | What it does |', '| --- | --- | --- |']
for (const c of CAPABILITIES)
  for (const { meta } of registry.filter((e) => e.meta.capability === c.id))
    lines.push(`| ${c.title} | ${meta.title} (\`/${meta.id}\`) | ${meta.summary} |`)
console.log(lines.join('\n'))
