/** Example questions built from the library's own best-evidenced entities, so each one has an answer here. */
export function examplesFor(names: string[]): string[] {
  const [a, b] = names;
  return [
    ...(a ? [`What is known about ${a}?`] : []),
    ...(a && b ? [`How is ${a} related to ${b}?`] : []),
    'Summarise the main themes of my library.',
  ];
}
