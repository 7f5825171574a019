/** `build()`, run on the first call and kept: work that start-up can leave to whoever needs it. */
export function once<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
