/** Turns texts into vectors (OpenAI's embeddings API or a compatible server: Ollama, vLLM). */
export interface Embeddings {
  /** Model name, stored with each source so vectors of another model are never compared. */
  readonly model: string;
  readonly dimensions: number;
  /** One vector per text, in order. Throws `EmbeddingsError` when the service refuses. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export class EmbeddingsError extends Error {
  override readonly name = 'EmbeddingsError';
  /** False when asking again cannot help (a refused model, wrong dimensions): the source fails. */
  readonly retryable: boolean;
  constructor(message: string, options: { retryable: boolean }) {
    super(message);
    this.retryable = options.retryable;
  }
}
