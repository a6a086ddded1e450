"""The continuous (Brownian) game of ks69 and ju24 and its variants."""
