import { defineMeta } from '../define'

// Worked through in tool.test.ts (a Deneb block; the first screen carries every meta, so no long example here); src/core/chain/BeaconPayload.test.ts compares random blocks with cast.
export default defineMeta({
  id: 'b2e-payload',
  title: 'Beacon block to execution payload',
  summary: "A beacon block's execution payload (Beacon API JSON) in the engine API's form, V1, V2 or V3 by its fields: what cast b2e-payload prints.",
  capability: 'providers',
  keywords: ['b2e-payload', 'beacon', 'beacon block', 'execution payload', 'engine api', 'engine_newPayload', 'consensus layer', 'deneb', 'capella'],
  runs: 'main',
  action: 'Convert',
  fields: [
    { name: 'block', label: 'Beacon block (JSON)', kind: 'textarea', placeholder: '{"message": {"slot": …, "body": {"execution_payload": …}}, "signature": …}', help: 'From the Beacon API (/eth/v2/beacon/blocks/<id>): the whole response, its data, or the payload alone.' },
  ],
  examples: [],
})
