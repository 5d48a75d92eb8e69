// Types of the lowered copy: the same module as unpdf/pdfjs.
export * from "unpdf/pdfjs";
