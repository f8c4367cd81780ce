"""Builds the optional compiled core (src/timessquare/_fastcore/_core.c) with the machine's C compiler.

Everything else is declared in pyproject.toml. `optional=True`: where no compiler is found the install still
succeeds and the players use the pure-Python path.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "timessquare._fastcore._core",
            sources=["src/timessquare/_fastcore/_core.c"],  # it includes _vector.c
            depends=["src/timessquare/_fastcore/_vector.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
