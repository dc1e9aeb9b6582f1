// The bench's agent: writes back every line it reads, so the only work in a round trip is the pipes'.
process.stdin.pipe(process.stdout);
