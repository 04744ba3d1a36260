/** Save, import/export, replay and PBEM status UI (issue 7). See the mounting notes in docs/save-format.md. */
export { SaveList, type SaveListProps } from './SaveList';
export { SaveControls, type SaveControlsProps } from './SaveControls';
export { ReplayBar, type ReplayBarProps, type ReplayStep } from './ReplayBar';
export { ChangesSummary, type ChangesSummaryProps } from './ChangesSummary';
export { TurnStatusBanner } from './TurnStatusBanner';
export { useAutosave } from './useAutosave';
export { CopyNotice } from './CopyNotice';
