import { defineMeta } from '../define'
import { textarea } from '../kit/fieldKinds'

// A Deneb block is worked through in src/tools/routerDecode.test.ts; src/core/chain/BeaconPayload.test.ts compares random blocks with cast.
export default defineMeta({
  id: 'b2e-payload',
  title: 'Beacon block to execution payload',
  summary: "A beacon block's execution payload in the engine API's form (cast b2e-payload).",
  capability: 'providers',
  keywords: ['b2e-payload', 'beacon block', 'execution payload', 'engine_newPayload'],
  runs: 'main',
  action: 'Convert',
  fields: [
    textarea('block', 'Beacon block (JSON)', { help: 'From the Beacon API (/eth/v2/beacon/blocks/<id>).' }),
  ],
})
