/** Runs a bench's main: the process exits with the code it returns, or prints the error and exits with 1 when it throws. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** On Ctrl-C or SIGTERM the bench cleans up what it started (servers, databases, temporary dirs), then exits with 130. */
export function cleanUpOnSignal(cleanUp: () => Promise<unknown>): void {
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}
