// Module types for the non-code files the webpack configuration handles.
declare module '*.css';
declare module '*.shadow.css' {
  const css: string;
  export default css;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
