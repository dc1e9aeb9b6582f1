declare module 'prismjs/components/prism-core' {
  import * as Prism from 'prismjs';
  export default Prism;
}
declare module 'prismjs/components/prism-bash';
