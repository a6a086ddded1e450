"""Claims of the source documents, one package or module per document; see exactcube.catalog."""
