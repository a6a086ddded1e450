"""Claims of the source documents, one package or module per document; see exactcube.catalog."""

from . import certificates as _certificates  # noqa: E402,F401  the documents' certificate builders (issue 41)
from . import certificates_noisy as _certificates_noisy  # noqa: E402,F401  the noisy paper's interval and grid builders
from . import certificates_papers as _certificates_papers  # noqa: E402,F401  the papers' builders (issue 41)
from . import certificates_ks69 as _certificates_ks69  # noqa: E402,F401  ks69's continuous raises and examples
from . import certificates_ju24 as _certificates_ju24  # noqa: E402,F401  floyd's program and ju24's builders (issue 41)
