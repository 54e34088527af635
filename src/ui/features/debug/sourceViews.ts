/** The source-level views, one lazily loaded chunk (see Debugger.tsx). */
export { ArtifactDrop } from './ArtifactDrop'
export { SourcePanel } from './SourcePanel'
