import split from '../../../tools/hash/split'
import { ToolForm, type ToolPageProps } from '../../components'

/** How the hash page runs its tool: split among workers, one waiting once a file is chosen and after each run. */
const options = {
  split,
  warm: ({ files, ran, running }: { files: ToolPageProps['files']; ran: boolean; running: boolean }) => (!!files.file || ran) && !running,
}

/**
 * The hash calculator: choose the hashes (Keccak-256 preselected); the run is shared among
 * workers as the tool declares (`src/tools/hash/split.ts`: a file's hashes among one worker per
 * core by expected cost, SHA-256 of a file by WebCrypto in a worker of its own, text in one
 * worker). A worker is started, with the tool loaded, when a file is chosen and after each run
 * (after its result is painted), so Run does not wait for one; merely opening the page starts
 * nothing. The page is the generic one (ToolForm) with these run options.
 */
export default function HashPage(props: ToolPageProps) {
  return <ToolForm {...props} options={options} />
}
