/** The names of src/pages/'s files, as the editor's build read them (editor/build/page-files.ts). */
declare module 'virtual:page-files' {
  const files: readonly string[];
  export default files;
}
