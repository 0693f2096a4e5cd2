import type * as v from 'valibot';
import type { Scenario } from './format';
import type { ScenarioApp, ScenarioFault, ScenarioFile, ScenarioWallet } from './scenarioFile';

// Compile-time only (npm run typecheck): the hand-written ScenarioFile, which the package's type
// declarations carry, and the loader's definition stay the same format.
// Compile-time only: each type accepts the other, and each object names the same fields.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Input = v.InferInput<typeof Scenario>;
type Item<T> = NonNullable<T> extends readonly (infer I)[] ? I : never;
export const SCENARIO_TYPES_AGREE: [
  Same<ScenarioFile, Input>,
  Same<keyof ScenarioFile, keyof Input>,
  Same<keyof ScenarioWallet, keyof Item<Input['wallets']>>,
  Same<keyof ScenarioApp, keyof Item<Item<Input['developers']>['apps']>>,
  Same<keyof ScenarioFault, keyof Item<Input['faults']>>,
] = [true, true, true, true, true];
