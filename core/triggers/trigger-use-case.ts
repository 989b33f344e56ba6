import { AnswerPipeline, type TriggerDeps } from '../assistant/answer-pipeline';
import { TriggerGate } from './trigger-gate';

/** What every trigger's use case starts from: the claim-then-act gate and the answer pipeline. */
export abstract class TriggerUseCase<D extends TriggerDeps = TriggerDeps> {
  protected readonly gate: TriggerGate;
  protected readonly pipeline: AnswerPipeline;

  constructor(protected readonly deps: D) {
    this.gate = new TriggerGate(deps);
    this.pipeline = new AnswerPipeline(deps);
  }
}
