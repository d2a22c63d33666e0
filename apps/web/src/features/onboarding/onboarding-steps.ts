import { ONBOARDING_STEP_COUNT } from "@fieldops/shared/onboarding";

/** Where the wizard is: the current step (1-based) and the steps completed (Continue), as opposed to skipped. */
export interface WizardState {
  step: number;
  completed: readonly number[];
}

export const INITIAL_WIZARD: WizardState = { step: 1, completed: [] };

export const isLastStep = (state: WizardState) => state.step === ONBOARDING_STEP_COUNT;

/** Continue: marks the step complete and moves on (on the last step, the caller completes the setup). */
export function continueStep(state: WizardState): WizardState {
  const completed = state.completed.includes(state.step) ? state.completed : [...state.completed, state.step];
  return { step: Math.min(state.step + 1, ONBOARDING_STEP_COUNT), completed };
}

/** Skip: moves on without completing the step; there is nothing to skip to from the last step. */
export function skipStep(state: WizardState): WizardState {
  return isLastStep(state) ? state : { ...state, step: state.step + 1 };
}

/** Completed steps over all steps, as a percentage for the progress bar. */
export const progressPercent = (state: WizardState) =>
  Math.round((state.completed.length / ONBOARDING_STEP_COUNT) * 100);
