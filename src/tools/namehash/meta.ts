import { defineMeta } from '../define'
import { text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'namehash',
  title: 'ENS namehash',
  summary: 'ENSIP-15 normalization, namehash and labelhash of an ENS name, with a clear message when a name does not normalize.',
  capability: 'hashing',
  keywords: ['ens', 'namehash', 'labelhash', 'normalize', 'ensip-15', 'ensip-1', 'node', 'domain', '.eth'],
  runs: 'main',
  fields: [text('name', 'ENS name', { placeholder: 'vitalik.eth', help: 'Normalized first (ENSIP-15): uppercase folds to lowercase; spaces, underscores inside labels and mixed look-alike scripts are refused.' })],
})
