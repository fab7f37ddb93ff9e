/** The en-GB source in two parts, made by scripts/vitePluginMessages.ts (splitSourceCatalogue). */
declare module 'virtual:stagedoor/messages-first-route' {
  const messages: Readonly<Record<string, string>>;
  export default messages;
}

declare module 'virtual:stagedoor/messages-other-pages' {
  const messages: Readonly<Record<string, string>>;
  export default messages;
}
