"""Topic files of the rules knowledge base (a package so that its *.md ship as package data)."""
